// What test/bench/zero-loss.mjs takes from the TypeScript side (bundled by esbuild at run time).
export { runZeroLoss, zeroLossOptions } from '../support/zero-loss-driver';
export { describeAnomalies } from '../support/zero-loss-checker';
