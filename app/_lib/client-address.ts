import { isIP } from "node:net";
import { env } from "@/env";

/**
 * The client's address as far as the app can know it, for counting failed sign-ins.
 *
 * Next.js does not give route handlers the socket. `next start` writes the socket's address
 * into X-Forwarded-For only when the request has no such header, and keeps one the client
 * sent. Each proxy in front of the app appends the address it saw. So with `hops` trusted
 * proxies the address is the entry `hops` from the right (the one the outermost trusted proxy
 * saw); entries further left are the client's own claims. With no proxy (`hops` 0) the last
 * entry is the socket's address, or a claim of a client that sent the header itself: such a
 * client escapes the per-address limit, never the per-account one.
 *
 * IPv6 clients are counted by their /64, the block one subscriber usually holds.
 */
export function clientAddress(req: Request, hops = env().TRUSTED_PROXY_HOPS): string {
  const entries = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const picked = entries[Math.max(0, entries.length - Math.max(1, hops))];
  return picked ? normalise(picked) : "unknown";
}

function normalise(raw: string): string {
  let address = raw.length > 64 ? "" : raw;
  if (address.startsWith("[")) address = address.slice(1, address.indexOf("]"));
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1]!;
  const version = isIP(address);
  if (version === 4) return address;
  if (version === 6) return `${ipv6Prefix64(address)}::/64`;
  return "unknown";
}

/** The first four groups of an IPv6 address, expanded. */
function ipv6Prefix64(address: string): string {
  const withoutZone = address.split("%")[0]!.toLowerCase();
  const [head, tail = ""] = withoutZone.split("::");
  const left = head ? head.split(":") : [];
  const right = withoutZone.includes("::") && tail ? tail.split(":") : [];
  const groups = withoutZone.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return groups
    .slice(0, 4)
    .map((g) => (g.includes(".") ? "0" : String(parseInt(g, 16).toString(16))))
    .join(":");
}
