import { z } from "zod";
import { COUNTRY_CODES, LANGUAGES } from "./constants.js";

// Schemas live apart from the values they check: the web app's first route imports constants
// and pure functions, and a module of theirs that built a schema would bring zod along.

/** Validates a {@link Language}. */
export const languageSchema = z.enum(LANGUAGES);

/** Validates a {@link CountryCode}. */
export const countryCodeSchema = z.enum(COUNTRY_CODES);
