import { expect, test } from "./fixtures";
import { ConsolePage } from "./pages/console-page";
import { approvalOfCase, reportForReview } from "./seed";

const isQueueRequest = (url: string) => new URL(url).pathname.startsWith("/api/approvals");

test("an operator's console stops updating and says signed out within seconds when she signs out in another tab", async ({ signedInAs }) => {
  const marta = await signedInAs("marta");
  const queue = new ConsolePage(await marta.newPage());
  const live = queue.page.waitForResponse((res) => new URL(res.url()).pathname === "/api/approvals/events" && res.status() === 200);
  await queue.goto("?sort=newest");
  await expect(queue.page.getByText("Loading approvals…")).toHaveCount(0);
  await live;

  const otherTab = await marta.newPage();
  await otherTab.goto("/console");
  await otherTab.getByRole("button", { name: "Sign out" }).click();
  await expect(otherTab).toHaveURL(/\/login/);

  const notice = queue.page.getByRole("status").filter({ hasText: "Signed out" });
  await expect(notice, "the first tab's notice that the session ended").toBeVisible({ timeout: 5_000 });
  await expect(notice.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", `/login?next=${encodeURIComponent("/console?sort=newest")}`);
  await expect(queue.page.getByRole("button", { name: "Refresh" })).toBeDisabled();
  const asked: string[] = [];
  queue.page.on("request", (req) => {
    if (isQueueRequest(req.url())) asked.push(req.url());
  });

  // A new approval reaches another operator's queue, never the signed-out one.
  const tomasz = new ConsolePage(await (await signedInAs("tomasz")).newPage());
  await tomasz.goto("?sort=newest");
  const kasia = await signedInAs("kasia");
  const { caseId } = await reportForReview(kasia.request, "I don't recognise the PKP Intercity payment of 129.00", { antifraudDown: true });
  const approval = await approvalOfCase(tomasz.page.context().request, caseId, "pending");
  await expect(tomasz.row(approval.approvalId), "the approval in the signed-in console").toBeVisible({ timeout: 2_500 });
  await expect(queue.row(approval.approvalId)).toHaveCount(0);
  await expect(notice).toBeVisible();
  expect(asked, "requests of the signed-out console").toEqual([]);
});
