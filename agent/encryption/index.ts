export { keyRingFrom, parseKeyList, UnknownKeyError, type KeyRing } from "./keys";
export { EncryptingSerializer, PlainDataSerializer, encryptedType, parseEncryptedType, type Dumped } from "./serializer";
export { isEnvelope, openJson, openNodeEvent, sealJson, type Envelope } from "./envelope";
export { appKeyRing, developmentKeyFile, developmentKeyRing, encryptsAtRest, keyRingFromEnv } from "./settings";
