// wrangler (and the workers tests' Miniflare) load a .wasm import as a compiled WebAssembly.Module:
// workerd may not compile WebAssembly from bytes at run time.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
