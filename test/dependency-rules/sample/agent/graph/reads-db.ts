/** Breaks "graph-does-not-query-the-database". */
import { query } from "../../db/queries";

export const rows = () => query();
