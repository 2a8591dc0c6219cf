/** Types of buildFreshness.mjs (plain JavaScript: npm start runs it before any build exists). */
export declare const BUILD_INPUTS: readonly string[];
export declare const SIMULATOR_INPUTS: readonly string[];
export declare const BUILD_STAMP: string;
/** Why the bundles under `root` must be built again, or undefined when they are current. */
export declare function buildNeeded(root: string, inputs?: readonly string[], stamp?: string): string | undefined;
