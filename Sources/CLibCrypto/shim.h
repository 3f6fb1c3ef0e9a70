// libcrypto is loaded on first use (dlopen, GoldenFrames' SHA256.swift), not linked: loading it
// at start-up cost every run of the binary about 3,400 symbol lookups of its own, half of the
// dynamic loader's work, though only reports and old golden manifests hash with it. The header
// gives its soname; nothing here links a libcrypto function.
#include <openssl/opensslv.h>

#define POPPING_CRYPTO_STRING(x) #x
#define POPPING_CRYPTO_SONAME(major) "libcrypto.so." POPPING_CRYPTO_STRING(major)

/// The soname of the libcrypto whose headers the package was built against ("libcrypto.so.3").
static inline const char *popping_libcrypto_soname(void) { return POPPING_CRYPTO_SONAME(OPENSSL_VERSION_MAJOR); }
