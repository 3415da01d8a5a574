export * from "./identity";
export * from "./banking";
export * from "./support";
