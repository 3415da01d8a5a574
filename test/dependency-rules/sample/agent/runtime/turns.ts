/** The runtime: it may import the graph. */
import { refund } from "../graph/nodes/refund";

export const turn = () => refund;
