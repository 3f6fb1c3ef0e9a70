/// Image codecs: PNG through libpng, and a pure-Swift animated GIF encoder.
public enum Codecs {}
