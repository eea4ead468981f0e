// libwebp's decoder (WebPGetFeatures, WebPDecodeRGBAInto).
#include <webp/decode.h>
