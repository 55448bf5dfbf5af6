// What test/bench/zero-loss.mjs and restart.mjs take from the TypeScript side (bundled by esbuild at run time).
export { runZeroLoss, zeroLossOptions } from '../support/zero-loss-driver';
export { checkHistory, describeAnomalies } from '../support/zero-loss-checker';
export { chatReducer, initialChatState } from '../../app/core/chat-state';
