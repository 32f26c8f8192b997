<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
    <context>
        <name>core</name>
        <message>
            <source>⋯ {count} unchanged line ⋯</source>
            <translation>⋯ {count} 行未更改 ⋯</translation>
        </message>
        <message>
            <source>⋯ {count} unchanged lines ⋯</source>
            <translation>⋯ {count} 行未更改 ⋯</translation>
        </message>
    </context>
</TS>