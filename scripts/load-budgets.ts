/**
 * Budgets for the app under a load generator (the benchmarks, the chaos campaign, the topology
 * and browser tests): they send hundreds of turns per synthetic customer and every request from
 * 127.0.0.1, where the budgets are set for one real customer and one real client address.
 * Each caller says where it spreads these into the app's environment.
 */
export const LOAD_GENERATOR_BUDGETS = {
  CUSTOMER_TURNS_PER_MINUTE: "1000000",
  CUSTOMER_TURNS_PER_DAY: "1000000",
  CUSTOMER_CONVERSATIONS_PER_DAY: "1000000",
  ADDRESS_REQUESTS_PER_MINUTE: "1000000",
};
