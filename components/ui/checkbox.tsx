import type { ComponentProps } from "react";

/** A checkbox with its label beside it. */
export function Checkbox({ id, label, className = "", ...props }: ComponentProps<"input"> & { id: string; label: string }) {
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input id={id} type="checkbox" className="size-4 rounded border-slate-400 accent-brand-700" {...props} />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}
