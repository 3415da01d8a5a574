import { eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { cards, customers } from "../schema";

/** Every customer's name and every card's last digits in the tenant: what staff views mask. */
export async function listPersonalData(db: DbOrTx, tenantId: string): Promise<{ names: string[]; cardDigits: string[] }> {
  const [names, digits] = await Promise.all([
    db.select({ name: customers.name }).from(customers).where(eq(customers.tenantId, tenantId)),
    db.selectDistinct({ last4: cards.last4 }).from(cards).where(eq(cards.tenantId, tenantId)),
  ]);
  return { names: names.map((r) => r.name), cardDigits: digits.map((r) => r.last4) };
}
