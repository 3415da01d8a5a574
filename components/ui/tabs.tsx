"use client";

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export type Tab = { id: string; label: string; content: ReactNode };

type TabsProps = { tabs: Tab[]; label: string; initial?: string; active?: string; onChange?: (id: string) => void };

/** Tabs in the ARIA pattern: arrow keys, Home and End move between them; one panel shows. Controlled when `active` is given. */
export function Tabs({ tabs, label, initial, active: controlled, onChange }: TabsProps) {
  const [own, setOwn] = useState(initial ?? tabs[0]?.id);
  const active = controlled ?? own;
  const setActive = (id: string) => {
    setOwn(id);
    onChange?.(id);
  };
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const base = useId();
  const current = tabs.find((t) => t.id === active) ?? tabs[0];

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === current?.id);
    const to =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    setActive(tabs[to].id);
    refs.current[tabs[to].id]?.focus();
  }

  if (!current) return null;
  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={move} className="flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => {
          const selected = tab.id === current.id;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.id)}
              className={`-mb-px border-b-2 px-3 py-1.5 text-sm font-medium ${selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel-${current.id}`} aria-labelledby={`${base}-tab-${current.id}`} className="pt-3">
        {current.content}
      </div>
    </div>
  );
}
