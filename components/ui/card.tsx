import type { HTMLAttributes } from "react";

type CardProps = HTMLAttributes<HTMLElement> & { as?: "div" | "section" | "article" | "li" };

export function Card({ as: Tag = "div", className = "", ...props }: CardProps) {
  return <Tag className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`} {...props} />;
}
