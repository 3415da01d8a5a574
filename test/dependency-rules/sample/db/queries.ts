export type Row = { id: string };
export const query = (): Row[] => [];
