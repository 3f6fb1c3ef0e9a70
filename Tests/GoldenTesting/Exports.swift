/// The SHA-256 and image difference the goldens use come from the library the `check` command uses.
@_exported import GoldenFrames
