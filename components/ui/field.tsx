import type { ComponentProps, ReactNode } from "react";

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs " +
  "placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 " +
  "focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600 disabled:bg-slate-100";

type FieldProps = { id: string; label: ReactNode; hint?: ReactNode; error?: string | null; children: ReactNode; className?: string };

/** A label, its control, and the hint or error the control is described by. */
export function Field({ id, label, hint, error, children, className = "" }: FieldProps) {
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes that tie a control to its Field's hint or error. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string | null }) {
  const ids = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { "aria-describedby": ids, "aria-invalid": error ? true : undefined };
}

export function Input({ className = "", ...props }: ComponentProps<"input">) {
  return <input className={`${CONTROL} h-10 ${className}`} {...props} />;
}

export function Textarea({ className = "", ...props }: ComponentProps<"textarea">) {
  return <textarea className={`${CONTROL} resize-none ${className}`} {...props} />;
}
