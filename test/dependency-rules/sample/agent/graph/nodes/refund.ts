/** Breaks "graph-does-not-import-the-runtime" (and closes a cycle with the runtime). */
import { turn } from "../../runtime/turns";

export const refund = () => typeof turn;
