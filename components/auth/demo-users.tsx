import type { Role } from "@/vocabulary/roles";

export type DemoUser = { username: string; displayName: string; role: Role; note: string };
/** A demo account as the login page offers it, password included. */
export type DemoAccount = DemoUser & { password: string };

/** The seeded demo accounts; each password is `<username>-pass`. */
const DEMO_USERS: DemoUser[] = [
  { username: "alice", displayName: "Alice Novak", role: "customer", note: "Coffee Corner charged twice, Electro Mart unknown, City Parking abroad" },
  { username: "bob", displayName: "Bob Kowalski", role: "customer", note: "Gadget Hub unknown, Book Nook charged twice" },
  { username: "olga", displayName: "Olga Petrova", role: "operator", note: "Decides refunds in the console" },
  { username: "oscar", displayName: "Oscar Lind", role: "operator", note: "A second operator, for concurrent decisions" },
  { username: "sam", displayName: "Sam Okafor", role: "supervisor", note: "Decides refunds in the console and proposes Demo Bank's refund policy" },
  {
    username: "sven",
    displayName: "Sven Aalto",
    role: "supervisor",
    note: "The second supervisor: confirms sam's loosening of the policy, gives four-eyes second approvals",
  },
  { username: "ivan", displayName: "Ivan Horvat", role: "auditor", note: "Reads the console and the incident viewer" },
  { username: "otto", displayName: "Otto Berg", role: "ops", note: "Watches the ops page and the metrics, nothing else" },
  { username: "kasia", displayName: "Kasia Wojcik", role: "customer", note: "Vistula Bank (PLN): Kawiarnia Mocca charged twice, Media Expert unknown" },
  { username: "piotr", displayName: "Piotr Zielinski", role: "customer", note: "Vistula Bank (PLN): Empik charged twice, 249.00 PLN" },
  { username: "marta", displayName: "Marta Lis", role: "operator", note: "Vistula Bank: decides its refunds in the console" },
  { username: "tomasz", displayName: "Tomasz Nowicki", role: "operator", note: "Vistula Bank: a second operator" },
  { username: "zofia", displayName: "Zofia Mazur", role: "supervisor", note: "Vistula Bank: decides refunds and proposes its refund policy" },
  { username: "wanda", displayName: "Wanda Krol", role: "supervisor", note: "Vistula Bank: the second supervisor, confirms zofia's loosening of the policy" },
  { username: "jan", displayName: "Jan Dabrowski", role: "auditor", note: "Vistula Bank: reads its console and incident viewer" },
];

const demoPassword = (username: string) => `${username}-pass`;

/**
 * The accounts the login page lists in demo mode. Read on the server and handed to the form, so
 * a production page and its scripts carry no demo account.
 */
export function demoAccounts(): DemoAccount[] {
  return DEMO_USERS.map((user) => ({ ...user, password: demoPassword(user.username) }));
}

/** The heading and explanation above the demo accounts on the login page. */
export function DemoAccountsIntro() {
  return (
    <>
      <h2 id="demo-accounts-title" className="text-sm font-semibold text-slate-800">
        Demo users
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Every password is the username followed by <code className="rounded bg-slate-100 px-1">-pass</code>. Pick one to fill in the form.
      </p>
    </>
  );
}
