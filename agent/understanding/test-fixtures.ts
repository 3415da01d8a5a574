/** Demo transactions for tests, dated relative to a fixed today (a Monday). */
import type { Txn } from "./types";

export const TODAY = "2026-11-30";

function at(daysAgo: number, time: string): string {
  const day = new Date(Date.parse(`${TODAY}T${time}:00Z`) - daysAgo * 86_400_000);
  return day.toISOString();
}

function txn(id: string, merchant: string, amountMinor: number, daysAgo: number, time = "12:00", country = "DE"): Txn {
  return { id, merchant, amountMinor, currency: "EUR", postedAt: at(daysAgo, time), country };
}

export const ALICE: Txn[] = [
  txn("a1", "Green Grocer", 2340, 1, "17:00"),
  txn("a2", "Coffee Corner", 490, 3, "08:00"),
  txn("a3", "Coffee Corner", 490, 3, "09:00"),
  txn("a4", "Sunrise Bakery", 490, 4, "07:30"),
  txn("a5", "Electro Mart", 124900, 6, "22:00"),
  txn("a6", "Metro Transit", 290, 8, "08:15"),
  txn("a7", "City Parking", 3800, 12, "10:00", "DE"),
  txn("a8", "Bar Tapas Sol", 4150, 12, "21:00", "ES"),
  txn("a9", "Page & Co Books", 1899, 20, "15:00"),
];

export const BOB: Txn[] = [
  txn("b1", "Gadget Hub", 8900, 2, "14:00"),
  txn("b2", "Book Nook", 1250, 5, "11:00"),
  txn("b3", "Book Nook", 1250, 5, "11:02"),
  txn("b4", "Orlen Fuel", 21000, 7, "18:00", "PL"),
  txn("b5", "Apteka Zdrowie", 3420, 9, "09:30", "PL"),
];
