// The stock factories moved to `./factories` (one module for every test's data). This file only
// re-exports them so tests written on other branches at the same time keep compiling; import
// from `./factories` in new tests.
export { insertItem, insertShop, insertUser, itemFields } from "./factories";
