/** Breaks "clients-do-not-import-the-runtime". */
import { turn } from "../runtime/turns";

export const bank = () => turn;
