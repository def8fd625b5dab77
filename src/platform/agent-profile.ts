/** The platform profile URL the agent header names when the run hosts none and the user gives none. */
export const DEFAULT_AGENT_PROFILE = 'https://proto-conformance.example/.well-known/proto';
