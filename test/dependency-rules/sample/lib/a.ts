/** A cycle of values: a -> b -> a. */
import { b } from "./b";

export const a = () => b;
