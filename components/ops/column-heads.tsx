/** A figures table's head: one column header a name, in the ops tables' style. */
export function ColumnHeads({ names, className = "text-xs text-slate-600" }: { names: readonly string[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className="px-2 py-1 font-medium">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
