import type { Role } from "@/app/_lib/session";

export type DemoUser = { username: string; displayName: string; role: Role; note: string };

/** The seeded demo accounts; each password is `<username>-pass`. */
export const DEMO_USERS: DemoUser[] = [
  { username: "alice", displayName: "Alice Novak", role: "customer", note: "Coffee Corner charged twice, Electro Mart unknown, City Parking abroad" },
  { username: "bob", displayName: "Bob Kowalski", role: "customer", note: "Gadget Hub unknown, Book Nook charged twice" },
  { username: "olga", displayName: "Olga Petrova", role: "operator", note: "Decides refunds in the console" },
  { username: "oscar", displayName: "Oscar Lind", role: "operator", note: "A second operator, for concurrent decisions" },
  { username: "sam", displayName: "Sam Okafor", role: "supervisor", note: "Decides refunds in the console" },
  { username: "ivan", displayName: "Ivan Horvat", role: "auditor", note: "Reads the console and the incident viewer" },
];

export const demoPassword = (username: string) => `${username}-pass`;
