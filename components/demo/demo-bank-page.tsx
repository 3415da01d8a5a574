import Link from "next/link";

const ACCOUNTS = [
  { name: "Everyday account", number: "DE89 3704 •••• 3000", balance: "3,482.17 EUR" },
  { name: "Savings", number: "DE12 5001 •••• 7811", balance: "12,050.00 EUR" },
];

const PAYMENTS = [
  { merchant: "Green Grocer", when: "Yesterday", amount: "-23.40" },
  { merchant: "Coffee Corner", when: "3 days ago", amount: "-4.90" },
  { merchant: "Coffee Corner", when: "3 days ago", amount: "-4.90" },
  { merchant: "Electro Mart", when: "6 days ago", amount: "-1,249.00" },
  { merchant: "City Parking", when: "12 days ago", amount: "-38.00" },
];

/** A stand-in for a bank's own online banking page, the kind of host the widget is embedded in. */
export function DemoBankPage() {
  return (
    <div className="space-y-6">
      <section aria-labelledby="welcome-title" className="rounded-xl bg-gradient-to-r from-brand-800 to-brand-600 p-6 text-white">
        <h1 id="welcome-title" className="text-2xl font-semibold">
          Online banking
        </h1>
        <p className="mt-1 max-w-xl text-sm text-brand-100">
          A mock of the bank&apos;s own web page. The support chat on the right is the embeddable widget, served from{" "}
          <code className="rounded bg-white/15 px-1">/widget</code> in an iframe.
        </p>
      </section>
      <section aria-labelledby="accounts-title">
        <h2 id="accounts-title" className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
          Accounts
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          {ACCOUNTS.map((a) => (
            <div key={a.name} className="rounded-lg border border-slate-200 bg-white p-4">
              <p className="text-sm font-medium">{a.name}</p>
              <p className="font-mono text-xs text-slate-500">{a.number}</p>
              <p className="mt-2 text-lg font-semibold">{a.balance}</p>
            </div>
          ))}
        </div>
      </section>
      <section aria-labelledby="payments-title">
        <h2 id="payments-title" className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
          Recent card payments
        </h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {PAYMENTS.map((p, i) => (
            <li key={i} className="flex justify-between px-4 py-2 text-sm">
              <span>
                {p.merchant} <span className="text-xs text-slate-500">· {p.when}</span>
              </span>
              <span className="font-mono">{p.amount} EUR</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="staff-title" className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
        <h2 id="staff-title" className="font-semibold">
          For the bank&apos;s staff
        </h2>
        <p className="mt-1">
          Operators decide refunds in the{" "}
          <Link href="/console" className="font-medium text-brand-700 underline underline-offset-2">
            approval console
          </Link>
          ; auditors replay conversations in the{" "}
          <Link href="/incidents" className="font-medium text-brand-700 underline underline-offset-2">
            incident viewer
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
