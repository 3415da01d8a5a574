import type { ReactNode } from "react";

/** `code` and **bold** in the document's descriptions, as elements; everything else stays text. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).map((part, i) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1)
      return (
        <code key={i} className="rounded bg-slate-100 px-1 text-[0.9em]">
          {part.slice(1, -1)}
        </code>
      );
    if (part.startsWith("**") && part.endsWith("**") && part.length > 3) return <strong key={i}>{part.slice(2, -2)}</strong>;
    return part;
  });
}

/** A description from the OpenAPI document: paragraphs split by blank lines. */
export function Prose({ text, className = "" }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <div className={`space-y-2 ${className}`}>
      {text.split(/\n\s*\n/).map((paragraph, i) => (
        <p key={i}>{inline(paragraph)}</p>
      ))}
    </div>
  );
}
