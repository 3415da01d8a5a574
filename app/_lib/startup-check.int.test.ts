import { eq, ne } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "@/db/password";
import { users } from "@/db/schema";
import { DEMO_USERS } from "@/db/seed";
import { testDatabase } from "@/simulator/test-support";
import { demoPasswordRefusal } from "./startup-check";

const h = testDatabase();
beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

describe("a production start over a database that holds demo accounts", () => {
  it("is refused in one line naming every demo account that still has its published password, read as the app role", async () => {
    const line = await demoPasswordRefusal(h.app.db);
    expect(line).toBe(
      `Refusing to start: the demo accounts ${DEMO_USERS.map((u) => u.username).join(", ")} still sign in with the published password <username>-pass in this production database (DATABASE_URL): give each a new password (npm run user:create -- --reset-password --username NAME) or delete it.`,
    );
  });

  it("names only the accounts left with it, and lets the start go on once none is", async () => {
    const own = await hashPassword("a passphrase of the bank's own");
    await h.db.update(users).set({ passwordHash: own }).where(ne(users.username, "sam"));
    expect(await demoPasswordRefusal(h.app.db)).toMatch(/^Refusing to start: the demo account sam still signs in with the published password <username>-pass /);
    await h.db.update(users).set({ passwordHash: own }).where(eq(users.username, "sam"));
    expect(await demoPasswordRefusal(h.app.db)).toBeNull();
  });
});
