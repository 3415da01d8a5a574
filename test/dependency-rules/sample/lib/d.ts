import type { C } from "./c";

export type D = { c?: C };
