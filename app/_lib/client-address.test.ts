import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

const from = (xff: string | null, hops: number) =>
  clientAddress(new Request("http://app.example/", { headers: xff === null ? {} : { "x-forwarded-for": xff } }), hops);

describe("the client address of a sign-in", () => {
  it("is the socket address next start reports when there is no proxy", () => {
    expect(from("203.0.113.9", 0)).toBe("203.0.113.9");
    expect(from("::ffff:127.0.0.1", 0)).toBe("127.0.0.1");
  });

  it("is the entry the outermost trusted proxy appended, not what the client claimed", () => {
    expect(from("6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(from("6.6.6.6, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("counts IPv6 clients by their /64", () => {
    expect(from("2001:db8:1:2:aaaa::1", 0)).toBe("2001:db8:1:2::/64");
    expect(from("2001:db8:1:2:bbbb:cccc:dddd:eeee", 0)).toBe("2001:db8:1:2::/64");
    expect(from("[2001:db8::1]:443", 0)).toBe("2001:db8:0:0::/64");
  });

  it("is `unknown` when absent or not an address", () => {
    expect(from(null, 0)).toBe("unknown");
    expect(from("not-an-ip", 0)).toBe("unknown");
    expect(from("1.2.3.4 x", 0)).toBe("unknown");
    expect(from("<script>", 0)).toBe("unknown");
    expect(from("9".repeat(200), 1)).toBe("unknown");
  });
});
