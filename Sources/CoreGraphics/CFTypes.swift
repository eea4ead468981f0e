// Core Foundation names that Apple code spells, mapped to the Foundation classes they bridge to on
// Apple platforms. With these, `[c1, c2] as CFArray` and `"public.png" as CFString` compile here.

public typealias CFArray = NSArray
public typealias CFMutableArray = NSMutableArray
public typealias CFString = NSString
public typealias CFData = NSData
public typealias CFMutableData = NSMutableData
public typealias CFURL = NSURL
public typealias CFDictionary = NSDictionary
public typealias CFMutableDictionary = NSMutableDictionary
public typealias CFNumber = NSNumber
public typealias CFTypeRef = AnyObject
public typealias CFIndex = Int
public typealias CFTimeInterval = TimeInterval
