import type { ComponentProps } from "react";

const SELECT =
  "block h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 " +
  "focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:bg-slate-100";

export function Select({ className = "", ...props }: ComponentProps<"select">) {
  return <select className={`${SELECT} ${className}`} {...props} />;
}
