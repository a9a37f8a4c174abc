import { z } from "zod";
import { SORT_MODES } from "./sorting.js";

// Apart from sorting.ts, which the web app's first route imports without zod (constants.schema.ts).

/** Validates a {@link SortMode}. */
export const sortModeSchema = z.enum(SORT_MODES);
