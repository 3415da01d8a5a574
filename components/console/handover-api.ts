import { requestJson } from "@/components/api/request-json";
import type { HandoverChange, HandoverDetail, HandoverList } from "./types";

const handoverUrl = (handoverId: string) => `/api/handovers/${encodeURIComponent(handoverId)}`;

export function fetchOpenHandovers(signal?: AbortSignal): Promise<HandoverList> {
  return requestJson<HandoverList>("/api/handovers?status=open", { signal });
}

export function fetchHandover(handoverId: string, signal?: AbortSignal): Promise<HandoverDetail> {
  return requestJson<HandoverDetail>(handoverUrl(handoverId), { signal });
}

export function answerHandover(handoverId: string, text: string, version: number): Promise<HandoverChange> {
  return requestJson<HandoverChange>(`${handoverUrl(handoverId)}/answer`, { method: "POST", body: { text, version } });
}

export function closeHandover(handoverId: string, version: number): Promise<HandoverChange> {
  return requestJson<HandoverChange>(`${handoverUrl(handoverId)}/close`, { method: "POST", body: { version } });
}
