import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { opsSamples } from "@/db/schema";
import { testDatabase } from "@/simulator/test-support";
import { metrics } from "./metrics";
import { opsSampler } from "./ops-sample";

const d = testDatabase();
beforeAll(() => d.freshStart());
afterAll(() => d.pool.end());

const rows = () => d.db.select().from(opsSamples).orderBy(opsSamples.id);

describe("opsSampler", () => {
  it("writes what this instance measured since its last write, and nothing when nothing happened", async () => {
    const sample = opsSampler("instance-test");
    expect(await sample(d.db)).toMatchObject({ samples: 0 });

    const m = metrics();
    m.checkpointWriteDuration.observe({ operation: "put" }, 0.007);
    m.checkpointWriteDuration.observe({ operation: "put" }, 0.02);
    m.checkpointWriteDuration.observe({ operation: "put_writes" }, 0.02);
    m.checkpointSize.observe(3000);
    m.checkpointSize.observe(2 * 1024 * 1024);
    m.largeCheckpoints.inc();
    m.refunds.inc({ outcome: "retried" });
    m.refunds.inc({ outcome: "executed" });
    m.recoveryTakeovers.inc();
    expect(await sample(d.db)).toMatchObject({ samples: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({
      instanceId: "instance-test",
      checkpointWriteBuckets: [0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0],
      checkpointSizeBuckets: [0, 1, 0, 0, 0, 0, 1, 0],
      checkpointsOver1Mb: 1,
      refundsRetried: 1,
      takeovers: 1,
    });

    expect(await sample(d.db)).toMatchObject({ samples: 0 });
    expect(await rows()).toHaveLength(1);
  });

  it("deletes samples older than a day", async () => {
    await d.db.execute(
      sql`insert into ops_samples (instance_id, at, checkpoint_write_buckets, checkpoint_size_buckets) values ('old', now() - interval '25 hours', '[]'::jsonb, '[]'::jsonb)`,
    );
    expect(await opsSampler("instance-test")(d.db)).toMatchObject({ deleted: 1 });
    expect((await rows()).map((r) => r.instanceId)).not.toContain("old");
  });
});
