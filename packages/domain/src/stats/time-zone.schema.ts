import { z } from "zod";
import { isTimeZone } from "./time-zone.js";

// Apart from time-zone.ts, which the web app's first route imports without zod (constants.schema.ts).

/** Validates an IANA time-zone name, see {@link isTimeZone}. */
export const timeZoneSchema = z.string().refine(isTimeZone, "Expected an IANA time zone");
