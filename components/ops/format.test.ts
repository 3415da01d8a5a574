import { describe, expect, it } from "vitest";
import { formatAge, formatBytes, formatMs, formatRate } from "./format";

describe("ops page formats", () => {
  it("shows sizes in binary units, the 1 MB line as 1 MB", () => {
    expect(formatBytes(null)).toBe("—");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(2560)).toBe("2.5 KB");
    expect(formatBytes(4096)).toBe("4 KB");
    expect(formatBytes(1024 * 1024)).toBe("1 MB");
    expect(formatBytes(300 * 1024)).toBe("300 KB");
  });

  it("shows durations, ages and rates", () => {
    expect(formatMs(7.5)).toBe("7.5 ms");
    expect(formatMs(23.5)).toBe("24 ms");
    expect(formatMs(null)).toBe("—");
    expect(formatAge(45)).toBe("45 s");
    expect(formatAge(610)).toBe("10 min");
    expect(formatAge(3 * 3600 + 5 * 60)).toBe("3 h 5 min");
    expect(formatAge(50 * 3600)).toBe("2 d 2 h");
    expect(formatRate(0)).toBe("0");
    expect(formatRate(0.01234)).toBe("0.012");
    expect(formatRate(2.345)).toBe("2.3");
  });
});
