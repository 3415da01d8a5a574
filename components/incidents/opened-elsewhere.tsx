import { buttonClasses } from "@/components/ui/button";
import { NoticeCard } from "@/components/ui/notice-card";

type OpenedElsewhereProps = {
  /** The page's own heading, so the investigator knows where the link led. */
  title: string;
  /** What opening records, as the button names it: "the conversation", "this search", "the report". */
  what: string;
  /** The same page again: the click is the app's own, so the page then opens. */
  href: string;
};

/**
 * Shown instead of a page that records a look when a page of another website linked to it:
 * nothing is shown or recorded until the investigator asks for it here.
 */
export function OpenedElsewhere({ title, what, href }: OpenedElsewhereProps) {
  return (
    <NoticeCard
      id="opened-elsewhere-title"
      title={title}
      actions={
        // A plain link: a whole-page load from this page, which the server sees come from the app itself.
        <a href={href} className={buttonClasses()}>
          Open {what}
        </a>
      }
    >
      You followed a link from another website. Opening {what} is recorded in the audit trail under your name, so it opens only when you ask for it here.
    </NoticeCard>
  );
}
