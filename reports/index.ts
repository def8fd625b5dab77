export { colorWanted, consoleReporter, type ConsoleReporterOptions } from './console.js';
export { jsonReport, jsonReporter } from './json.js';
export { junitReporter, junitXml } from './junit.js';
export { HTML_BODY_LIMIT, htmlReport, htmlReporter } from './html.js';
export { reportFile, writeReportFile } from './write-file.js';
export { annotations, githubReporter } from './github.js';
export { MARKDOWN_DETAILED, markdownReport, markdownReporter } from './markdown.js';
