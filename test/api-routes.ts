import { readdirSync } from "node:fs";
import path from "node:path";

/** The folder of the app's route handlers. */
export const API = path.resolve(import.meta.dirname, "../app/api");
/** The HTTP methods a route.ts may export. */
export const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

/** Every route.ts under `dir`. */
export function routeFiles(dir = API): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}
