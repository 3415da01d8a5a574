/** Keeps to the rules: types of the database may cross into the graph. */
import type { Row } from "../../db/queries";

export const empty: Row[] = [];
