/** proto-conformance as a library: check a business, start the reference business, render reports. */
export { check, DEFAULT_AGENT_PROFILE, type CheckOptions } from './check.js';
export { TargetUnusableError, UsageError } from './cli/errors.js';
export type { RunConfig } from './config/config.js';
export { PROTO_DIALECT, type Dialect } from './dialect/dialect.js';
export type { Overrides } from './discovery/discover.js';
export { EXIT, exitCodeFor } from './engine/exit-code.js';
export type { Reporter, RunInfo, RunReport, TargetInfo } from './engine/report.js';
export type { CheckSpec, Scenario, Suite } from './engine/suite.js';
export type { CheckResult, Effect, Summary, Verdict } from './engine/types.js';
export type { Exchange } from './http/exchange.js';
export { expectedRequirements, FAULTS, pinnedSkip, type Fault, type FaultName } from './reference/faults.js';
export { VARIATIONS, compatible, type Variation, type VariationName } from './reference/variations.js';
export { referenceRunConfig } from './reference/run-config.js';
export { startReferenceBusiness, type ReferenceBusiness, type ReferenceOptions } from './reference/server.js';
export { allRequirements, findRequirement } from './register/index.js';
export type { Level, Requirement } from './register/types.js';
export { suites } from '../suites/index.js';
export { consoleReporter, htmlReport, jsonReport, junitXml } from '../reports/index.js';
