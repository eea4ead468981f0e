/// Constants that identify the keys of a keyboard by their USB HID usage (Apple's values).
///
/// Lamina has the keys of a desktop keyboard; `init(x11KeyCode:)` maps an X keycode (the
/// Linux evdev code + 8) to its usage.
public enum UIKeyboardHIDUsage: Int, Sendable {
    /// The key with HID usage 0x01.
    case keyboardErrorRollOver = 1
    /// The key with HID usage 0x02.
    case keyboardPOSTFail = 2
    /// The key with HID usage 0x03.
    case keyboardErrorUndefined = 3
    /// The key with HID usage 0x04.
    case keyboardA = 4
    /// The key with HID usage 0x05.
    case keyboardB = 5
    /// The key with HID usage 0x06.
    case keyboardC = 6
    /// The key with HID usage 0x07.
    case keyboardD = 7
    /// The key with HID usage 0x08.
    case keyboardE = 8
    /// The key with HID usage 0x09.
    case keyboardF = 9
    /// The key with HID usage 0x0A.
    case keyboardG = 10
    /// The key with HID usage 0x0B.
    case keyboardH = 11
    /// The key with HID usage 0x0C.
    case keyboardI = 12
    /// The key with HID usage 0x0D.
    case keyboardJ = 13
    /// The key with HID usage 0x0E.
    case keyboardK = 14
    /// The key with HID usage 0x0F.
    case keyboardL = 15
    /// The key with HID usage 0x10.
    case keyboardM = 16
    /// The key with HID usage 0x11.
    case keyboardN = 17
    /// The key with HID usage 0x12.
    case keyboardO = 18
    /// The key with HID usage 0x13.
    case keyboardP = 19
    /// The key with HID usage 0x14.
    case keyboardQ = 20
    /// The key with HID usage 0x15.
    case keyboardR = 21
    /// The key with HID usage 0x16.
    case keyboardS = 22
    /// The key with HID usage 0x17.
    case keyboardT = 23
    /// The key with HID usage 0x18.
    case keyboardU = 24
    /// The key with HID usage 0x19.
    case keyboardV = 25
    /// The key with HID usage 0x1A.
    case keyboardW = 26
    /// The key with HID usage 0x1B.
    case keyboardX = 27
    /// The key with HID usage 0x1C.
    case keyboardY = 28
    /// The key with HID usage 0x1D.
    case keyboardZ = 29
    /// The key with HID usage 0x1E.
    case keyboard1 = 30
    /// The key with HID usage 0x1F.
    case keyboard2 = 31
    /// The key with HID usage 0x20.
    case keyboard3 = 32
    /// The key with HID usage 0x21.
    case keyboard4 = 33
    /// The key with HID usage 0x22.
    case keyboard5 = 34
    /// The key with HID usage 0x23.
    case keyboard6 = 35
    /// The key with HID usage 0x24.
    case keyboard7 = 36
    /// The key with HID usage 0x25.
    case keyboard8 = 37
    /// The key with HID usage 0x26.
    case keyboard9 = 38
    /// The key with HID usage 0x27.
    case keyboard0 = 39
    /// The key with HID usage 0x28.
    case keyboardReturnOrEnter = 40
    /// The key with HID usage 0x29.
    case keyboardEscape = 41
    /// The key with HID usage 0x2A.
    case keyboardDeleteOrBackspace = 42
    /// The key with HID usage 0x2B.
    case keyboardTab = 43
    /// The key with HID usage 0x2C.
    case keyboardSpacebar = 44
    /// The key with HID usage 0x2D.
    case keyboardHyphen = 45
    /// The key with HID usage 0x2E.
    case keyboardEqualSign = 46
    /// The key with HID usage 0x2F.
    case keyboardOpenBracket = 47
    /// The key with HID usage 0x30.
    case keyboardCloseBracket = 48
    /// The key with HID usage 0x31.
    case keyboardBackslash = 49
    /// The key with HID usage 0x33.
    case keyboardSemicolon = 51
    /// The key with HID usage 0x34.
    case keyboardQuote = 52
    /// The key with HID usage 0x35.
    case keyboardGraveAccentAndTilde = 53
    /// The key with HID usage 0x36.
    case keyboardComma = 54
    /// The key with HID usage 0x37.
    case keyboardPeriod = 55
    /// The key with HID usage 0x38.
    case keyboardSlash = 56
    /// The key with HID usage 0x39.
    case keyboardCapsLock = 57
    /// The key with HID usage 0x3A.
    case keyboardF1 = 58
    /// The key with HID usage 0x3B.
    case keyboardF2 = 59
    /// The key with HID usage 0x3C.
    case keyboardF3 = 60
    /// The key with HID usage 0x3D.
    case keyboardF4 = 61
    /// The key with HID usage 0x3E.
    case keyboardF5 = 62
    /// The key with HID usage 0x3F.
    case keyboardF6 = 63
    /// The key with HID usage 0x40.
    case keyboardF7 = 64
    /// The key with HID usage 0x41.
    case keyboardF8 = 65
    /// The key with HID usage 0x42.
    case keyboardF9 = 66
    /// The key with HID usage 0x43.
    case keyboardF10 = 67
    /// The key with HID usage 0x44.
    case keyboardF11 = 68
    /// The key with HID usage 0x45.
    case keyboardF12 = 69
    /// The key with HID usage 0x49.
    case keyboardInsert = 73
    /// The key with HID usage 0x4A.
    case keyboardHome = 74
    /// The key with HID usage 0x4B.
    case keyboardPageUp = 75
    /// The key with HID usage 0x4C.
    case keyboardDeleteForward = 76
    /// The key with HID usage 0x4D.
    case keyboardEnd = 77
    /// The key with HID usage 0x4E.
    case keyboardPageDown = 78
    /// The key with HID usage 0x4F.
    case keyboardRightArrow = 79
    /// The key with HID usage 0x50.
    case keyboardLeftArrow = 80
    /// The key with HID usage 0x51.
    case keyboardDownArrow = 81
    /// The key with HID usage 0x52.
    case keyboardUpArrow = 82
    /// The key with HID usage 0xE0.
    case keyboardLeftControl = 224
    /// The key with HID usage 0xE1.
    case keyboardLeftShift = 225
    /// The key with HID usage 0xE2.
    case keyboardLeftAlt = 226
    /// The key with HID usage 0xE3.
    case keyboardLeftGUI = 227
    /// The key with HID usage 0xE4.
    case keyboardRightControl = 228
    /// The key with HID usage 0xE5.
    case keyboardRightShift = 229
    /// The key with HID usage 0xE6.
    case keyboardRightAlt = 230
    /// The key with HID usage 0xE7.
    case keyboardRightGUI = 231

    /// The usage of the key with X keycode `code` (evdev + 8); `.keyboardErrorUndefined` for keys not mapped.
    init(x11KeyCode code: UInt16) {
        switch Int(code) - 8 {
        case 1: self = .keyboardEscape
        case 2: self = .keyboard1
        case 3: self = .keyboard2
        case 4: self = .keyboard3
        case 5: self = .keyboard4
        case 6: self = .keyboard5
        case 7: self = .keyboard6
        case 8: self = .keyboard7
        case 9: self = .keyboard8
        case 10: self = .keyboard9
        case 11: self = .keyboard0
        case 12: self = .keyboardHyphen
        case 13: self = .keyboardEqualSign
        case 14: self = .keyboardDeleteOrBackspace
        case 15: self = .keyboardTab
        case 16: self = .keyboardQ
        case 17: self = .keyboardW
        case 18: self = .keyboardE
        case 19: self = .keyboardR
        case 20: self = .keyboardT
        case 21: self = .keyboardY
        case 22: self = .keyboardU
        case 23: self = .keyboardI
        case 24: self = .keyboardO
        case 25: self = .keyboardP
        case 26: self = .keyboardOpenBracket
        case 27: self = .keyboardCloseBracket
        case 28: self = .keyboardReturnOrEnter
        case 29: self = .keyboardLeftControl
        case 30: self = .keyboardA
        case 31: self = .keyboardS
        case 32: self = .keyboardD
        case 33: self = .keyboardF
        case 34: self = .keyboardG
        case 35: self = .keyboardH
        case 36: self = .keyboardJ
        case 37: self = .keyboardK
        case 38: self = .keyboardL
        case 39: self = .keyboardSemicolon
        case 40: self = .keyboardQuote
        case 41: self = .keyboardGraveAccentAndTilde
        case 42: self = .keyboardLeftShift
        case 43: self = .keyboardBackslash
        case 44: self = .keyboardZ
        case 45: self = .keyboardX
        case 46: self = .keyboardC
        case 47: self = .keyboardV
        case 48: self = .keyboardB
        case 49: self = .keyboardN
        case 50: self = .keyboardM
        case 51: self = .keyboardComma
        case 52: self = .keyboardPeriod
        case 53: self = .keyboardSlash
        case 54: self = .keyboardRightShift
        case 56: self = .keyboardLeftAlt
        case 57: self = .keyboardSpacebar
        case 58: self = .keyboardCapsLock
        case 59: self = .keyboardF1
        case 60: self = .keyboardF2
        case 61: self = .keyboardF3
        case 62: self = .keyboardF4
        case 63: self = .keyboardF5
        case 64: self = .keyboardF6
        case 65: self = .keyboardF7
        case 66: self = .keyboardF8
        case 67: self = .keyboardF9
        case 68: self = .keyboardF10
        case 87: self = .keyboardF11
        case 88: self = .keyboardF12
        case 96: self = .keyboardReturnOrEnter
        case 97: self = .keyboardRightControl
        case 100: self = .keyboardRightAlt
        case 102: self = .keyboardHome
        case 103: self = .keyboardUpArrow
        case 104: self = .keyboardPageUp
        case 105: self = .keyboardLeftArrow
        case 106: self = .keyboardRightArrow
        case 107: self = .keyboardEnd
        case 108: self = .keyboardDownArrow
        case 109: self = .keyboardPageDown
        case 110: self = .keyboardInsert
        case 111: self = .keyboardDeleteForward
        case 125: self = .keyboardLeftGUI
        case 126: self = .keyboardRightGUI
        default: self = .keyboardErrorUndefined
        }
    }
}
