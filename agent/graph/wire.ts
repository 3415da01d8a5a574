import { z } from "zod";

/**
 * Shapes the agent's answers take on the wire. The API describes its answers with them,
 * and the OpenAPI document is generated from those descriptions.
 */

/** A moment, as ISO 8601 with its offset. */
export const timestamp = z.iso.datetime({ offset: true });

/** Money is integer minor units (cents), never floats. */
export const minorUnits = z.number().int().meta({ description: "Integer minor units (cents)." });

export const currency = z.string().length(3).meta({ example: "EUR" });

/** An interrupt raised by a task: LangGraph's id and the value it paused with. */
export const interruptRecord = z.object({ id: z.string().optional(), value: z.unknown() });
