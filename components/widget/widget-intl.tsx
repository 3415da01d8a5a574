"use client";

import type { ReactNode } from "react";
import { IntlProvider } from "use-intl";
import { LOCALES, type Language } from "@/i18n/languages";
import { MESSAGES } from "@/i18n/words";

/** The chat's words in the customer's bank's language; only the widget's messages reach the browser. */
export function WidgetIntl({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <IntlProvider locale={LOCALES[language]} messages={{ widget: MESSAGES[language].widget }} timeZone="UTC">
      {children}
    </IntlProvider>
  );
}
