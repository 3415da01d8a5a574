import { expect, test } from "./fixtures";
import { IncidentViewerPage } from "./pages/incident-viewer-page";
import { say, startThread } from "./seed";

test("an auditor pins a step for an incident and places then releases a legal hold, each with a reason", async ({ signedInAs }) => {
  const [alice, ivan] = await Promise.all([signedInAs("alice"), signedInAs("ivan")]);
  const threadId = await startThread(alice.request);
  await say(alice.request, threadId, "Hello");

  const viewer = new IncidentViewerPage(await ivan.newPage());
  await viewer.goto(threadId);
  await viewer.view(1);
  const pinReason = viewer.checkpoint.getByLabel(/Pin this step for an incident/);
  await viewer.checkpoint.getByRole("button", { name: "Pin this step" }).click();
  await expect(viewer.checkpoint.getByText(/Give a reason of at least 3 characters/)).toBeVisible();
  await pinReason.fill("Incident 2026-118: wrong greeting");
  await viewer.checkpoint.getByRole("button", { name: "Pin this step" }).click();
  await expect(viewer.checkpoint.getByRole("status").filter({ hasText: "Pinned" })).toContainText("by ivan");
  await expect(viewer.checkpoint).toContainText("Incident 2026-118: wrong greeting");

  const hold = viewer.page.getByRole("region", { name: "Legal hold" });
  await hold.getByLabel("Why the conversation is held").fill("Litigation hold, case 55");
  await hold.getByRole("button", { name: "Place a legal hold" }).click();
  await expect(hold.getByRole("status")).toContainText("placed by ivan: Litigation hold, case 55");

  const held = await ivan.request.get(`/api/incidents/threads/${threadId}/retention`);
  expect(held.status()).toBe(200);
  const state = (await held.json()) as { pins: { checkpointId: string; pinnedBy: string }[]; hold: { placedBy: string } | null };
  expect(state.pins).toHaveLength(1);
  expect(state.pins[0]!.pinnedBy).toBe("ivan");
  expect(state.hold?.placedBy).toBe("ivan");

  await hold.getByLabel("Why the hold is released").fill("Case 55 settled");
  await hold.getByRole("button", { name: "Release the legal hold" }).click();
  await expect(hold.getByRole("button", { name: "Place a legal hold" })).toBeVisible();
  const released = (await (await ivan.request.get(`/api/incidents/threads/${threadId}/retention`)).json()) as { hold: unknown };
  expect(released.hold).toBeNull();
});
