export * from "./identity";
export * from "./banking";
export * from "./support";
export * from "./bank-sim";
export * from "./tenants";
export * from "./budgets";
