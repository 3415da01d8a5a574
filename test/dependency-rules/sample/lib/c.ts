/** A cycle through types only: c -> d -> c. */
import type { D } from "./d";

export type C = { d?: D };
