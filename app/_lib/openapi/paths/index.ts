import { api } from "../operation";
import { chatPaths } from "./chat";
import { consolePaths } from "./console";
import { incidentPaths } from "./incidents";
import { langGraphPaths } from "./langgraph";
import { opsPaths } from "./ops";
import { releasePaths } from "./releases";
import { servicePaths } from "./service";
import { tenantPaths } from "./tenant";

/** Every operation of the API, one entry each, grouped by the audience that calls it. */
export const paths = api({ ...chatPaths, ...consolePaths, ...incidentPaths, ...langGraphPaths, ...opsPaths, ...releasePaths, ...tenantPaths, ...servicePaths });
