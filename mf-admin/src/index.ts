// Async boundary for the standalone page; the shell loads this remote through remoteEntry.js instead.
import('./standalone/bootstrap');
